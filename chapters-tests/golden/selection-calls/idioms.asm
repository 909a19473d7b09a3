camlIdioms__clamp_55:
.L0:
       0  cmp rax, 1
       6  jge short .L2
.L1:
       8  mov eax, 1
       d  ret
.L2:
       e  cmp rax, 511
      14  jle short .L4
.L3:
      16  mov eax, 511
      1b  ret
.L4:
      1c  ret

camlIdioms__is_even_65:
.L0:
      1d  and rax, 3
      23  cmp rax, 1
      29  sete al
      2c  movzx eax, al
      2f  lea rax, [rax+rax+1]
      34  ret

camlIdioms__count_while_pos_75:
.L0:
      35  mov ebx, 1
.L1:
      3a  mov rdi, [rax-8]
      3e  shr rdi, 9
      42  or rdi, 1
      46  cmp rbx, rdi
      49  jge short .L7
.L2:
      4b  mov rdi, [rax+rbx*4-4]
      50  cmp rdi, 1
      54  jle short .L7
.L6:
      56  lea rbx, [rbx+2]
      5a  jmp short .L1
.L7:
      5c  mov rax, rbx
      5f  ret

camlRotated__count_29:
.L0:
       0  mov ebx, 1
       5  mov esi, 1
.L1:
       a  cmp rsi, rax
       d  jge short .L3
.L2:
       f  mov rdi, rsi
      12  sar rdi, 1
      15  lea rdx, [rsi-1]
      19  imul rdx, rdi
      1d  lea rbx, [rdx+rbx]
      21  lea rsi, [rsi+2]
      25  cmp rsi, rax
      28  jl short .L2
.L3:
      2a  mov rax, rbx
      2d  ret


camlTotal__total_4:
       0  sub rsp, 8
.L0:
       4  cmp rax, 1
       a  je short .L2
.L1:
       c  mov rbx, [rax]
       f  mov [rsp], rbx
      13  mov rax, [rax+8]
      17  call camlTotal__total_4
      1c  mov rbx, [rsp]
      20  lea rax, [rax+rbx-1]
      25  add rsp, 8
      29  ret
.L2:
      2a  mov eax, 1
      2f  add rsp, 8
      33  ret

camlTotal__entry:
.L0:
      34  mov eax, 1
      39  ret

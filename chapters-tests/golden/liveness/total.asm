
camlTotal__total_4:
       0  sub rsp, 8
.L0:
       4  cmp rax, 1
       a  je short .L2
.L1:
       c  mov rbx, [rax]
       f  mov [rsp], rbx
      13  lea rbx, [camlTotal__total_16]
      1a  mov rax, [rax+8]
      1e  call camlTotal__total_4
      23  mov rbx, [rsp]
      27  lea rax, [rax+rbx-1]
      2c  add rsp, 8
      30  ret
.L2:
      31  mov eax, 1
      36  add rsp, 8
      3a  ret

camlTotal__entry:
.L0:
      3b  mov eax, 1
      40  ret

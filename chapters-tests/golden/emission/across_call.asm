
camlAcross_call__double_2:
.L0:
       0  lea rax, [rax+rax-1]
       5  ret

camlAcross_call__f_10:
       6  sub rsp, 24
.L0:
       a  mov [rsp], rax
       e  lea rax, [rax+2]
      12  mov [rsp+8], rax
      17  call camlAcross_call__double_2
      1c  mov rbx, [rsp]
      20  imul rbx, 3
      24  lea rbx, [rbx-2]
      28  sar rbx, 1
      2b  mov rdi, [rsp+8]
      30  lea rdi, [rdi-1]
      34  imul rdi, rbx
      38  lea rax, [rax+rdi]
      3c  mov rbx, [rsp+8]
      41  sub rax, rbx
      44  lea rax, [rax+1]
      48  add rsp, 24
      4c  ret

camlAcross_call__entry:
.L0:
      4d  mov eax, 1
      52  ret

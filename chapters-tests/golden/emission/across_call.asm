
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
      17  lea rbx, [camlAcross_call__double_24]
      1e  call camlAcross_call__double_2
      23  mov rbx, [rsp]
      27  imul rbx, 3
      2b  lea rbx, [rbx-2]
      2f  sar rbx, 1
      32  mov rdi, [rsp+8]
      37  lea rdi, [rdi-1]
      3b  imul rdi, rbx
      3f  lea rax, [rax+rdi]
      43  mov rbx, [rsp+8]
      48  sub rax, rbx
      4b  lea rax, [rax+1]
      4f  add rsp, 24
      53  ret

camlAcross_call__entry:
.L0:
      54  mov eax, 1
      59  ret

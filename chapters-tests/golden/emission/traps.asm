
camlTraps__check_2:
.L0:
       0  cmp rax, 1
       6  jge short .L2
.L1:
       8  lea rax, [flambeau_exn_Not_found]
       f  mov rsp, r14
      12  pop r14
      14  pop r11
      16  jmp r11
.L2:
      19  ret

camlTraps__safe_12:
      1a  sub rsp, 8
.L0:
      1e  lea rbx, [.L1]
      25  push rbx
      26  push r14
      28  mov r14, rsp
.L2:
      2b  call camlTraps__check_2
      30  pop r14
      32  add rsp, 8
      36  add rsp, 8
      3a  ret
.L1:
      3b  lea rbx, [flambeau_exn_Not_found]
      42  cmp rax, rbx
      45  jne short .L4
.L3:
      47  mov eax, 1
      4c  add rsp, 8
      50  ret
.L4:
      51  mov rsp, r14
      54  pop r14
      56  pop r11
      58  jmp r11

camlTraps__entry:
.L0:
      5b  mov eax, 1
      60  ret

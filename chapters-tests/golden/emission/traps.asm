
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
      2b  lea rbx, [camlTraps__check_26]
      32  call camlTraps__check_2
      37  pop r14
      39  add rsp, 8
      3d  add rsp, 8
      41  ret
.L1:
      42  lea rbx, [flambeau_exn_Not_found]
      49  cmp rax, rbx
      4c  jne short .L4
.L3:
      4e  mov eax, 1
      53  add rsp, 8
      57  ret
.L4:
      58  mov rsp, r14
      5b  pop r14
      5d  pop r11
      5f  jmp r11

camlTraps__entry:
.L0:
      62  mov eax, 1
      67  ret

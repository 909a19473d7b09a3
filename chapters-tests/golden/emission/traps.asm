
camlTraps__check_2:
.L0:
       0  cmp rax, 1
       6  jge short .L2
.L1:
       8  lea rax, [flambeau_exn_Not_found]
       f  mov rsp, r14
      12  pop r14
      14  ret
.L2:
      15  ret

camlTraps__safe_12:
      16  sub rsp, 8
.L0:
      1a  lea rbx, [.L1]
      21  push rbx
      22  push r14
      24  mov r14, rsp
.L2:
      27  lea rbx, [camlTraps__check_26]
      2e  call camlTraps__check_2
      33  pop r14
      35  add rsp, 8
      39  add rsp, 8
      3d  ret
.L1:
      3e  lea rbx, [flambeau_exn_Not_found]
      45  cmp rax, rbx
      48  jne short .L4
.L3:
      4a  mov eax, 1
      4f  add rsp, 8
      53  ret
.L4:
      54  mov rsp, r14
      57  pop r14
      59  ret

camlTraps__entry:
.L0:
      5a  mov eax, 1
      5f  ret


camlNested_try__f_2:
.L0:
       0  lea rdi, [.L1]
       7  push rdi
       8  push r14
       a  mov r14, rsp
.L2:
       d  lea rdi, [.L3]
      14  push rdi
      15  push r14
      17  mov r14, rsp
.L4:
      1a  cmp rbx, 1
      1e  je short .L11
.L5:
      20  sar rbx, 1
      23  sar rax, 1
      26  cmp rbx, -1
      2a  je short .L8
.L7:
      2c  cqo
      2e  idiv rbx
      31  jmp short .L9
.L8:
      33  xor ebx, ebx
      35  sub rbx, rax
      38  mov rax, rbx
.L9:
      3b  lea rax, [rax+rax+1]
      40  pop r14
      42  add rsp, 8
.L10:
      46  pop r14
      48  add rsp, 8
      4c  ret
.L6:
.L11:
      4d  lea rax, [flambeau_exn_Division_by_zero]
      54  mov rsp, r14
      57  pop r14
      59  pop r11
      5b  jmp r11
.L1:
      5e  lea rbx, [flambeau_exn_Division_by_zero]
      65  cmp rax, rbx
      68  jne short .L15
.L14:
      6a  mov eax, 5
      6f  ret
.L15:
      70  mov rsp, r14
      73  pop r14
      75  pop r11
      77  jmp r11
.L3:
      7a  lea rbx, [flambeau_exn_Not_found]
      81  cmp rax, rbx
      84  jne short .L13
.L12:
      86  mov eax, 3
      8b  jmp short .L10
.L13:
      8d  mov rsp, r14
      90  pop r14
      92  pop r11
      94  jmp r11

camlNested_try__entry:
.L0:
      97  mov eax, 1
      9c  ret

caml_curry2:
      9d  sub rsp, 8
.L0:
      a1  mov rdi, rax
      a4  mov rdx, 108086391056891909
      ae  lea rsi, [caml_curry2_1]
      b5  sub r15, 40
      b9  cmp r15, [flambeau_young_limit]
      c0  jb short .Lgc0
.Lback0:
      c2  lea rax, [r15+8]
      c6  mov qword ptr [rax-8], 4343
      ce  mov [rax], rsi
      d1  mov [rax+8], rdx
      d5  mov [rax+16], rdi
      d9  mov [rax+24], rbx
      dd  add rsp, 8
      e1  ret
.Lgc0:
      e2  call flambeau_call_gc
      e7  jmp short .Lback0

caml_curry2_1:
.L0:
      e9  mov rsi, rax
      ec  mov rax, [rbx+16]
      f0  mov rdi, [rbx+24]
      f4  mov rdx, [rdi+16]
      f8  mov rbx, rsi
      fb  jmp rdx

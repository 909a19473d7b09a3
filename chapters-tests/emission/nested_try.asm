
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
      59  ret
.L1:
      5a  lea rbx, [flambeau_exn_Division_by_zero]
      61  cmp rax, rbx
      64  jne short .L15
.L14:
      66  mov eax, 5
      6b  ret
.L15:
      6c  mov rsp, r14
      6f  pop r14
      71  ret
.L3:
      72  lea rbx, [flambeau_exn_Not_found]
      79  cmp rax, rbx
      7c  jne short .L13
.L12:
      7e  mov eax, 3
      83  jmp short .L10
.L13:
      85  mov rsp, r14
      88  pop r14
      8a  ret

camlNested_try__entry:
.L0:
      8b  mov eax, 1
      90  ret

caml_curry2:
      91  sub rsp, 8
.L0:
      95  mov rdi, rax
      98  mov rdx, 108086391056891909
      a2  lea rsi, [caml_curry2_1]
      a9  sub r15, 40
      ad  cmp r15, [flambeau_young_limit]
      b4  jb short .Lgc0
.Lback0:
      b6  lea rax, [r15+8]
      ba  mov qword ptr [rax-8], 4343
      c2  mov [rax], rsi
      c5  mov [rax+8], rdx
      c9  mov [rax+16], rdi
      cd  mov [rax+24], rbx
      d1  add rsp, 8
      d5  ret
.Lgc0:
      d6  call flambeau_call_gc
      db  jmp short .Lback0

caml_curry2_1:
.L0:
      dd  mov rsi, rax
      e0  mov rax, [rbx+16]
      e4  mov rdi, [rbx+24]
      e8  mov rdx, [rdi+16]
      ec  mov rbx, rsi
      ef  jmp rdx


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
      46  jmp short .L10
.L11:
      48  lea rax, [flambeau_exn_Division_by_zero]
      4f  pop r14
      51  add rsp, 8
.L12:
      55  lea rbx, [flambeau_exn_Not_found]
      5c  cmp rax, rbx
      5f  jne short .L14
.L13:
      61  mov eax, 3
.L10:
      66  pop r14
      68  add rsp, 8
      6c  ret
.L14:
      6d  pop r14
      6f  add rsp, 8
.L15:
      73  lea rbx, [flambeau_exn_Division_by_zero]
      7a  cmp rax, rbx
      7d  jne short .L17
.L16:
      7f  mov eax, 5
      84  ret
.L17:
      85  mov rsp, r14
      88  pop r14
      8a  pop r11
      8c  jmp r11
.L1:
      8f  jmp short .L15
.L3:
      91  jmp short .L12

camlNested_try__entry:
.L0:
      93  mov eax, 1
      98  ret

caml_curry2:
      99  sub rsp, 8
.L0:
      9d  mov rdi, rax
      a0  mov rdx, 108086391056891909
      aa  lea rsi, [caml_curry2_1]
      b1  sub r15, 40
      b5  cmp r15, [flambeau_young_limit]
      bc  jb short .Lgc0
.Lback0:
      be  lea rax, [r15+8]
      c2  mov qword ptr [rax-8], 4343
      ca  mov [rax], rsi
      cd  mov [rax+8], rdx
      d1  mov [rax+16], rdi
      d5  mov [rax+24], rbx
      d9  add rsp, 8
      dd  ret
.Lgc0:
      de  call flambeau_call_gc
      e3  jmp short .Lback0

caml_curry2_1:
.L0:
      e5  mov rsi, rax
      e8  mov rax, [rbx+16]
      ec  mov rdi, [rbx+24]
      f0  mov rdx, [rdi+16]
      f4  mov rbx, rsi
      f7  jmp rdx

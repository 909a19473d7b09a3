
camlPair_scale__pair_2:
       0  sub rsp, 8
.L0:
       4  mov rbx, rax
       7  lea rdi, [rbx+2]
       b  sub r15, 24
       f  cmp r15, [flambeau_young_limit]
      16  jb short .Lgc0
.Lback0:
      18  lea rax, [r15+8]
      1c  mov qword ptr [rax-8], 2048
      24  mov [rax], rbx
      27  mov [rax+8], rdi
      2b  add rsp, 8
      2f  ret
.Lgc0:
      30  call flambeau_call_gc
      35  jmp short .Lback0

camlPair_scale__scale_11:
      37  sub rsp, 8
.L0:
      3b  movsd xmm0, [rax]
      3f  mulsd xmm0, [camlPair_scale__float_16]
      47  sub r15, 16
      4b  cmp r15, [flambeau_young_limit]
      52  jb short .Lgc0
.Lback0:
      54  lea rax, [r15+8]
      58  mov qword ptr [rax-8], 1277
      60  movsd [rax], xmm0
      64  add rsp, 8
      68  ret
.Lgc0:
      69  call flambeau_call_gc
      6e  jmp short .Lback0

camlPair_scale__entry:
.L0:
      70  mov eax, 1
      75  ret


camlPair_scale__pair_2:
       0  sub rsp, 8
.L0:
       4  mov rdi, rax
       7  lea rbx, [rdi+2]
       b  sub r15, 24
       f  cmp r15, [flambeau_young_limit]
      16  jb short .Lgc0
.Lback0:
      18  lea rax, [r15+8]
      1c  mov qword ptr [rax-8], 2048
      24  mov [rax], rdi
      27  mov [rax+8], rbx
      2b  add rsp, 8
      2f  ret
.Lgc0:
      30  call flambeau_call_gc
      35  jmp short .Lback0

camlPair_scale__scale_11:
      37  sub rsp, 8
.L0:
      3b  movsd xmm1, [camlPair_scale__float_16]
      43  movsd xmm0, [rax]
      47  mulsd xmm0, xmm1
      4b  sub r15, 16
      4f  cmp r15, [flambeau_young_limit]
      56  jb short .Lgc0
.Lback0:
      58  lea rax, [r15+8]
      5c  mov qword ptr [rax-8], 1277
      64  movsd [rax], xmm0
      68  add rsp, 8
      6c  ret
.Lgc0:
      6d  call flambeau_call_gc
      72  jmp short .Lback0

camlPair_scale__entry:
.L0:
      74  mov eax, 1
      79  ret

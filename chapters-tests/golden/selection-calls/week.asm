camlWeek__hours_29:
.L0:
       0  sar rax, 1
       3  cmp rax, 3
       9  jge short .L9
.L8:
       b  cmp rax, 1
      11  jl short .L20
.L11:
      13  cmp rax, 2
      19  jl short .L21
      1b  jmp short .L20
.L9:
      1d  cmp rax, 5
      23  jge short .L15
.L14:
      25  cmp rax, 4
      2b  jge short .L20
.L21:
      2d  mov eax, 13
      32  ret
.L20:
      33  mov eax, 17
      38  ret
.L15:
      39  cmp rax, 6
      3f  jge short .L7
.L6:
      41  mov eax, 9
      46  ret
.L7:
      47  mov eax, 1
      4c  ret

camlWeek__hours_29:
.L0:
       0  sar rax, 1
       3  cmp rax, 3
       9  jge short .L9
.L8:
       b  cmp rax, 1
      11  jge short .L11
.L10:
.L1:
      13  jmp short .L20
.L11:
      15  cmp rax, 2
      1b  jge short .L3
.L12:
.L2:
      1d  jmp short .L21
.L13:
.L3:
      1f  jmp short .L20
.L9:
      21  cmp rax, 5
      27  jge short .L15
.L14:
      29  cmp rax, 4
      2f  jge short .L20
.L16:
.L4:
.L21:
      31  mov eax, 13
      36  ret
.L17:
.L5:
.L20:
      37  mov eax, 17
      3c  ret
.L15:
      3d  cmp rax, 6
      43  jge short .L7
.L18:
.L6:
      45  mov eax, 9
      4a  ret
.L19:
.L7:
      4b  mov eax, 1
      50  ret

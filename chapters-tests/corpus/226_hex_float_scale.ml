(* Hexadecimal float literals whose power of two is 2^-1024 or smaller:
   subnormals, the smallest normal and its neighbours, and rounding. *)
let show x = Printf.printf "%h %.17g\n" x x

let () =
  show 0x1p-1074;
  show 0x1.8p-1022;
  show 0x1p-1022;
  show 0x0.8p-1022;
  show 0x1.fffffffffffffp-1023;
  show 0x3p-1075;
  show 0x1p-1075;
  show 0x1.1p-1075;
  show 0x1p-1076;
  show 0x123456789abcdp-1100;
  show 0x1p1023;
  show 0x1.fffffffffffffp1023;
  show 0x1p1024;
  show 0x10p-1030;
  show (-0x1p-1074);
  show 0x0p-2000

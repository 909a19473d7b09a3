val greet : String.t -> String.t
val code : Char.t -> Int.t
val half : Float.t -> float
val total : int List.t -> int
val first : string Array.t -> string
val default : int Option.t -> int
val wide : Int64.t -> Int32.t
val native : Nativeint.t -> nativeint
val bytes : Bytes.t -> int
val table : (string, int) Hashtbl.t
val result : (int, string) Result.t -> int
val describe : Printexc.t -> string
val force : int Lazy.t -> int
val buffer : Buffer.t -> string
val stack : int Stack.t
val queue : int Queue.t
val numbers : int Seq.t

pub mod slot_offsets;

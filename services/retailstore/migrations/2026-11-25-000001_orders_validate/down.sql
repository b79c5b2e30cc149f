-- Nothing to undo: a validated key is dropped by the previous migration's down.
SELECT 1;

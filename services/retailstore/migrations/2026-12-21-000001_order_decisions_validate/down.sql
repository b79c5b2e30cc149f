-- Nothing to undo: the checks go with the previous migration's down.
SELECT 1;

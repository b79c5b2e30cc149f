-- Nothing to undo: a validated constraint goes with the previous migration's down.
SELECT 1;

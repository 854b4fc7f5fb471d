-- Filled by the change that uses it.
SELECT 1;

"""FIDE tournament report files (TRF16, TRF-2026, XX/BB extensions): read, validate, write."""

-- Trigram similarity for typo-tolerant search ("enviroment" finds "environment").
CREATE EXTENSION IF NOT EXISTS pg_trgm;

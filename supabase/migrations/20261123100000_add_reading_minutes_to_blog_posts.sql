-- The reading time of a post, from its content: the cards of the lists showed one from
-- the summary that contradicted the post page's. Computed by the database from
-- the same rule as the post page (app/ui/reading-time.ts): words are runs of characters between
-- JavaScript's whitespace, 200 a minute, rounded up, at least 1.

-- TABLE

alter table public.blog_posts
  add column reading_minutes integer generated always as (
    greatest(
      1,
      ceil(
        coalesce(
          array_length(
            array_remove(
              regexp_split_to_array(
                content,
                E'[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+'
              ),
              ''
            ),
            1
          ),
          0
        ) / 200.0
      )
    )::integer
  ) stored not null;

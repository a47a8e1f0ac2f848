-- A digest with nothing to say (no new leads, none waiting over 24 hours, no call that day) is not
-- mailed: the server settles its row as skipped instead (server/product/leads/lead-digest.ts). The
-- row stays, so the day keeps its one digest and the next one's period starts where it ended.

-- TABLE

alter table public.lead_digests
  drop constraint lead_digests_status_check,
  add constraint lead_digests_status_check
    check (status in ('pending', 'sent', 'failed', 'skipped'));

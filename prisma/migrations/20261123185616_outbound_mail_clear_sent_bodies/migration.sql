-- Issue 15, finding 4: mail bodies (reset links among them) no longer rest in
-- the queue once sent. Clear those of messages sent before this release, and
-- cut the token out of failed password-reset mails (they are never resent).
UPDATE "OutboundMail" SET "text" = '', "html" = '' WHERE "status" = 'sent';
UPDATE "OutboundMail"
SET "text" = regexp_replace("text", '(/reset-password/)[A-Za-z0-9_-]+', '\1[link removed: request a new one]', 'g'),
    "html" = regexp_replace("html", '(/reset-password/)[A-Za-z0-9_-]+', '\1[link removed: request a new one]', 'g')
WHERE "kind" = 'password-reset' AND "status" = 'failed';

-- Web Push becomes a channel of each alarm subscription (issue 21, feature 5), so a subscription may
-- push only. Existing subscriptions keep what they did: push to the account's browsers.
ALTER TABLE notification_subscription ADD COLUMN push boolean NOT NULL DEFAULT true;
ALTER TABLE notification_subscription DROP CONSTRAINT notification_subscription_check1;
ALTER TABLE notification_subscription ADD CONSTRAINT notification_subscription_channel CHECK (email OR push OR webhook_url IS NOT NULL);

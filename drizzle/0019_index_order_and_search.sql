DROP INDEX "user_created_idx";--> statement-breakpoint
DROP INDEX "resume_reviews_user_idx";--> statement-breakpoint
DROP INDEX "resume_reviews_created_idx";--> statement-breakpoint
DROP INDEX "blog_posts_published_idx";--> statement-breakpoint
DROP INDEX "blog_posts_updated_idx";--> statement-breakpoint
DROP INDEX "newsletter_items_published_idx";--> statement-breakpoint
DROP INDEX "layoff_imports_created_idx";--> statement-breakpoint
DROP INDEX "chat_conversations_member_idx";--> statement-breakpoint
DROP INDEX "chat_conversations_coach_idx";--> statement-breakpoint
DROP INDEX "chat_messages_conversation_idx";--> statement-breakpoint
DROP INDEX "career_goals_user_idx";--> statement-breakpoint
DROP INDEX "routine_days_completed_idx";--> statement-breakpoint
DROP INDEX "account_invitations_user_idx";--> statement-breakpoint
DROP INDEX "user_imports_created_idx";--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_name_trgm_idx" ON "user_profiles" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resume_reviews_open_idx" ON "resume_reviews" USING btree ("status") WHERE "resume_reviews"."status" in ('pending', 'in_review');--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "resume_reviews_user_idx" ON "resume_reviews" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "resume_reviews_created_idx" ON "resume_reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at","id") WHERE "blog_posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "blog_posts_updated_idx" ON "blog_posts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_items_published_idx" ON "newsletter_items" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "layoff_imports_created_idx" ON "layoff_imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "chat_conversations_member_idx" ON "chat_conversations" USING btree ("member_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_coach_idx" ON "chat_conversations" USING btree ("coach_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "career_goals_user_idx" ON "career_goals" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "routine_days_completed_idx" ON "routine_days" USING btree ("user_id","day") WHERE "routine_days"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "account_invitations_user_idx" ON "account_invitations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_imports_created_idx" ON "user_imports" USING btree ("created_at","id");
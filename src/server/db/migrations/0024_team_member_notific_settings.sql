CREATE TABLE "team_member_notification_settings" (
	"team_member_id" integer NOT NULL,
	"type" text NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_member_notification_settings_team_member_id_type_pk" PRIMARY KEY("team_member_id","type")
);
--> statement-breakpoint
ALTER TABLE "team_member_notification_settings" ADD CONSTRAINT "team_member_notification_settings_team_member_id_team_members_id_fk" FOREIGN KEY ("team_member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;
// The tables of the fixture club (fixture.ts), as Obskurnee's EF Core migrations leave them (see obskurnee-schema.ts).
export const OBSKURNEE_FIXTURE_SCHEMA = `
CREATE TABLE "__EFMigrationsHistory" ("MigrationId" TEXT NOT NULL PRIMARY KEY, "ProductVersion" TEXT NOT NULL);
CREATE TABLE "AspNetRoles" ("Id" TEXT NOT NULL PRIMARY KEY, "Name" TEXT NULL, "NormalizedName" TEXT NULL, "ConcurrencyStamp" TEXT NULL);
CREATE TABLE "AspNetUsers" (
  "Id" TEXT NOT NULL PRIMARY KEY, "Language" TEXT NULL, "AvatarUrl" TEXT NULL, "AboutMe" TEXT NULL,
  "GoodreadsProfileUrl" TEXT NULL, "ExternalProfileSystem" INTEGER NULL, "LoginEnabled" INTEGER NOT NULL DEFAULT 1,
  "IsBot" INTEGER NOT NULL DEFAULT 0, "UserName" TEXT NULL, "NormalizedUserName" TEXT NULL, "Email" TEXT NULL,
  "NormalizedEmail" TEXT NULL, "EmailConfirmed" INTEGER NOT NULL DEFAULT 0, "PasswordHash" TEXT NULL,
  "SecurityStamp" TEXT NULL, "ConcurrencyStamp" TEXT NULL, "PhoneNumber" TEXT NULL,
  "PhoneNumberConfirmed" INTEGER NOT NULL DEFAULT 0, "TwoFactorEnabled" INTEGER NOT NULL DEFAULT 0,
  "LockoutEnd" TEXT NULL, "LockoutEnabled" INTEGER NOT NULL DEFAULT 1, "AccessFailedCount" INTEGER NOT NULL DEFAULT 0);
CREATE TABLE "AspNetUserRoles" ("UserId" TEXT NOT NULL, "RoleId" TEXT NOT NULL, PRIMARY KEY ("UserId", "RoleId"));
CREATE TABLE "AspNetUserClaims" ("Id" INTEGER PRIMARY KEY AUTOINCREMENT, "UserId" TEXT NOT NULL, "ClaimType" TEXT NULL, "ClaimValue" TEXT NULL);
CREATE TABLE "AspNetUserTokens" ("UserId" TEXT NOT NULL, "LoginProvider" TEXT NOT NULL, "Name" TEXT NOT NULL, "Value" TEXT NULL, PRIMARY KEY ("UserId", "LoginProvider", "Name"));
CREATE TABLE "Rounds" (
  "RoundId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, "Kind" INTEGER NOT NULL, "Title" TEXT NOT NULL,
  "ThemeDiscussionId" INTEGER NULL, "ThemePollId" INTEGER NULL, "ThemeTiebreakerPollId" INTEGER NULL,
  "BookDiscussionId" INTEGER NULL, "BookPollId" INTEGER NULL, "BookTiebreakerPollId" INTEGER NULL, "BookId" INTEGER NULL,
  "OwnerId" TEXT NOT NULL, "CreatedOn" TEXT NOT NULL, "ModifiedOn" TEXT NOT NULL);
CREATE TABLE "Discussions" (
  "DiscussionId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, "PollId" INTEGER NOT NULL, "RoundId" INTEGER NOT NULL,
  "Title" TEXT NULL, "Description" TEXT NULL, "IsClosed" INTEGER NOT NULL, "Topic" INTEGER NOT NULL,
  "OwnerId" TEXT NOT NULL, "CreatedOn" TEXT NOT NULL, "ModifiedOn" TEXT NOT NULL);
CREATE TABLE "Posts" (
  "PostId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, "DiscussionId" INTEGER NOT NULL, "Title" TEXT NULL,
  "Author" TEXT NULL, "Text" TEXT NULL, "PageCount" INTEGER NULL, "Url" TEXT NULL, "ImageUrl" TEXT NULL,
  "ParentPostId" INTEGER NULL, "ParentRecommendationId" INTEGER NULL,
  "OwnerId" TEXT NOT NULL, "CreatedOn" TEXT NOT NULL, "ModifiedOn" TEXT NOT NULL);
CREATE TABLE "Polls" (
  "PollId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, "DiscussionId" INTEGER NULL, "PreviousPollId" INTEGER NULL,
  "FollowupLinkSerialized" TEXT NULL, "RoundId" INTEGER NULL, "Title" TEXT NOT NULL, "IsClosed" INTEGER NOT NULL,
  "Topic" INTEGER NOT NULL, "IsTiebreaker" INTEGER NOT NULL, "ResultsSerialized" TEXT NULL,
  "OwnerId" TEXT NOT NULL, "CreatedOn" TEXT NOT NULL, "ModifiedOn" TEXT NOT NULL);
CREATE TABLE "PollPost" ("AllPollsPollId" INTEGER NOT NULL, "OptionsPostId" INTEGER NOT NULL, PRIMARY KEY ("AllPollsPollId", "OptionsPostId"));
CREATE TABLE "Votes" ("VoteId" TEXT NOT NULL PRIMARY KEY, "PollId" INTEGER NOT NULL, "PostIdsSerialized" TEXT NOT NULL,
  "PostId" INTEGER NULL, "OwnerId" TEXT NOT NULL, "CreatedOn" TEXT NOT NULL, "ModifiedOn" TEXT NOT NULL);
CREATE TABLE "Books" ("BookId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, "PostId" INTEGER NULL, "RoundId" INTEGER NULL,
  "Order" INTEGER NOT NULL, "BookDiscussionId" INTEGER NULL, "BookPollId" INTEGER NULL,
  "OwnerId" TEXT NOT NULL, "CreatedOn" TEXT NOT NULL, "ModifiedOn" TEXT NOT NULL);
CREATE TABLE "BookclubReviews" ("ReviewId" TEXT NOT NULL PRIMARY KEY, "BookId" INTEGER NOT NULL, "GoodreadsBookId" TEXT NULL,
  "ReviewUrl" TEXT NULL, "Rating" INTEGER NULL, "ReviewText" TEXT NULL,
  "OwnerId" TEXT NOT NULL, "CreatedOn" TEXT NOT NULL, "ModifiedOn" TEXT NOT NULL);
CREATE TABLE "Recommendations" ("RecommendationId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, "Title" TEXT NULL,
  "Author" TEXT NULL, "Text" TEXT NULL, "PageCount" INTEGER NULL, "Url" TEXT NULL, "ImageUrl" TEXT NULL,
  "OwnerId" TEXT NOT NULL, "CreatedOn" TEXT NOT NULL, "ModifiedOn" TEXT NOT NULL);
CREATE TABLE "GoodreadsReviews" ("ReviewId" TEXT NOT NULL PRIMARY KEY, "Title" TEXT NULL, "GoodreadsBookId" TEXT NULL,
  "ReviewUrl" TEXT NULL, "Author" TEXT NULL, "Series" TEXT NULL, "Rating" INTEGER NULL, "ReviewText" TEXT NULL,
  "ImageUrl" TEXT NULL, "Kind" INTEGER NOT NULL, "ExternalSystem" INTEGER NOT NULL DEFAULT 0,
  "OwnerId" TEXT NOT NULL, "CreatedOn" TEXT NOT NULL, "ModifiedOn" TEXT NOT NULL);
CREATE TABLE "GoodreadsBookInfos" ("GoodreadsBookInfoId" INTEGER PRIMARY KEY AUTOINCREMENT, "Title" TEXT NULL, "Url" TEXT NULL,
  "OwnerId" TEXT NOT NULL, "CreatedOn" TEXT NOT NULL, "ModifiedOn" TEXT NOT NULL);
CREATE TABLE "NewsletterSubscriptions" ("NewsletterSubscriptionId" TEXT NOT NULL PRIMARY KEY, "NewsletterName" TEXT NOT NULL, "UserId" TEXT NOT NULL);
CREATE TABLE "Settings" ("Key" TEXT NOT NULL PRIMARY KEY, "Value" TEXT NOT NULL, "LastChange" TEXT NOT NULL);
CREATE TABLE "Images" ("FileName" TEXT NOT NULL PRIMARY KEY, "FileContents" BLOB NOT NULL, "Extension" TEXT NOT NULL, "Kind" INTEGER NOT NULL);
`;

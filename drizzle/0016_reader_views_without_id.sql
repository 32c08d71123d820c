ALTER TABLE "reader_views" DROP COLUMN "id";

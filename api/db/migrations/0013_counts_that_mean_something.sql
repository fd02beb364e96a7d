ALTER TABLE "profiles" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "cpf" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "after_meal" text;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_after_meal" CHECK ("after_meal" is null or ("type" = 'food' and "after_meal" in ('nada', 'comeu-pouco', 'recusou', 'dor-de-barriga', 'enjoo-vomito', 'agitacao', 'pele', 'outra')));--> statement-breakpoint
-- Issue 39: what happened after each meal already recorded, read once from her free "Reação" line.
-- Only words that say "nothing different" (NOTHING_DIFFERENT_WORDS, src/shared/after-meal.ts) → 'nada';
-- any other text → 'outra' (the text stays in "reaction"); nothing written → null.
UPDATE "diary_entries" SET "after_meal" = CASE
  WHEN btrim(regexp_replace(translate(lower(translate(coalesce("reaction", ''), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'áàâãäéèêëíìîïóòôõöúùûüçñ')), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn'), '[^a-z]+', ' ', 'g')) = '' THEN NULL
  WHEN btrim(regexp_replace(translate(lower(translate(coalesce("reaction", ''), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'áàâãäéèêëíìîïóòôõöúùûüçñ')), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn'), '[^a-z]+', ' ', 'g')) ~ '^((normal|normais|bem|nada|tranquila|tranquilo|ok|otimo|otima|bom|boa|nenhuma|nenhum|sem|reacao|reacoes|diferente|problema|problemas|alteracao|comeu|tudo|ficou|e|de|muito|super|sempre|direitinho)( |$))+$' THEN 'nada'
  ELSE 'outra'
END WHERE "type" = 'food' AND "after_meal" IS NULL;

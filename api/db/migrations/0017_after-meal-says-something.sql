-- Issue 54: migration 0013 (and the API's mapping until now) took every reaction made only of
-- words of its list for 'nada', so "Problema" and "Ficou diferente" were counted as nothing
-- different and the report lost those meals. Back to 'outra' (her text stays in "reaction") every
-- such entry that the rule of src/shared/after-meal.ts (saysNothingDifferent) does not read as
-- nothing different: no word saying it went well (FINE_WORDS), a word naming a change
-- (CHANGE_WORDS) not denied (DENIALS) within the 3 words before it, or "nada" before a good word
-- (GOOD_WORDS). Entries whose words are not all of 0013's list were never mapped: left alone.
UPDATE "diary_entries" d SET "after_meal" = 'outra'
FROM (
  SELECT "id", string_to_array(btrim(regexp_replace(translate(lower(translate(coalesce("reaction", ''), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'áàâãäéèêëíìîïóòôõöúùûüçñ')), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn'), '[^a-z]+', ' ', 'g')), ' ') AS words
  FROM "diary_entries" WHERE "type" = 'food' AND "after_meal" = 'nada'
) f
WHERE d."id" = f."id"
  AND cardinality(f.words) > 0
  AND f.words <@ ARRAY['normal', 'normais', 'bem', 'nada', 'tranquila', 'tranquilo', 'ok', 'otimo', 'otima', 'bom', 'boa', 'nenhuma', 'nenhum', 'sem', 'reacao', 'reacoes', 'diferente', 'problema', 'problemas', 'alteracao', 'comeu', 'tudo', 'ficou', 'e', 'de', 'muito', 'super', 'sempre', 'direitinho']::text[]
  AND NOT (
    f.words && ARRAY['normal', 'normais', 'bem', 'nada', 'tranquila', 'tranquilo', 'ok', 'otimo', 'otima', 'bom', 'boa', 'nenhuma', 'nenhum', 'sem', 'tudo', 'direitinho']::text[]
    AND NOT EXISTS (
      SELECT 1 FROM unnest(f.words) WITH ORDINALITY AS c(word, i)
      WHERE c.word = ANY(ARRAY['diferente', 'problema', 'problemas', 'alteracao', 'reacao', 'reacoes']::text[])
        AND NOT EXISTS (
          SELECT 1 FROM unnest(f.words) WITH ORDINALITY AS n(word, j)
          WHERE n.word = ANY(ARRAY['sem', 'nenhum', 'nenhuma', 'nada']::text[]) AND n.j BETWEEN c.i - 3 AND c.i - 1
        )
    )
    AND NOT EXISTS (
      SELECT 1 FROM unnest(f.words) WITH ORDINALITY AS a(word, i)
      JOIN unnest(f.words) WITH ORDINALITY AS b(word, j) ON b.j = a.i + 1
      WHERE a.word = 'nada' AND b.word = ANY(ARRAY['normal', 'normais', 'bem', 'tranquila', 'tranquilo', 'ok', 'otimo', 'otima', 'bom', 'boa']::text[])
    )
  );

/**
 * Remembered means remembered: a set of one's own comes back after a reload with the
 * report it had — nothing is evaluated again (the own-embeddings worker never starts), the panel is
 * open on it, and a page opened without a link shows its views — and it is evaluated again only
 * when the stored report was made by another version of the evaluation.
 */
import { test, expect, type Page } from '@playwright/test';
import { openApp } from './helpers';
import { blobs, cliEvaluate, expectTiles, openPanel, pick, writeProjector } from './ownSets';

/** Rewrites the version of the evaluation stored with set A, as an older page would have left it. */
function ageStoredEvaluation(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const req = indexedDB.open('metric-playground-own-embeddings');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction('sets', 'readwrite');
          const sets = tx.objectStore('sets');
          const get = sets.get('A');
          get.onsuccess = () => {
            const record = get.result;
            const was = record.evaluation.version;
            sets.put({ ...record, evaluation: { ...record.evaluation, version: was - 1 } });
            tx.oncomplete = () => resolve(was);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

test('a reload restores a set with its report, not evaluated again; a report of another evaluation version is evaluated again', async ({ page }) => {
  const a = writeProjector('restore', blobs(11, 400, 8, 1.0));
  const cli = cliEvaluate(a.vectors, a.metadata, 'restore');
  const evaluations: string[] = [];
  page.on('worker', (w) => void (/ownEmbeddings/.test(w.url()) && evaluations.push(w.url())));
  const time = page.getByTestId('own-embeddings-time');

  // A plain visit (no link): the set is chosen and evaluated once, and remembered.
  await openApp(page, '');
  await openPanel(page);
  await pick(page, a.vectors, a.metadata);
  await expect(page.getByTestId('own-embeddings-remembered')).toHaveText(/^Remembered/);
  const m = await cli;
  await expectTiles(page, m);
  expect(evaluations).toHaveLength(1);

  // Reloaded: the panel open on it, its views shown, the same numbers — and no evaluation.
  evaluations.length = 0;
  await page.reload();
  await expect(page.getByTestId('own-embeddings')).toHaveAttribute('open', '');
  await expect(time).toHaveAttribute('data-reused', 'true');
  await expect(time).toContainText('not evaluated again');
  await expect(page.getByTestId('view-source')).toHaveAttribute('data-source', 'own');
  await expect(page.getByTestId('embedding-plot')).toHaveAttribute('data-points', '400');
  await expectTiles(page, m);
  await expect(page.getByTestId('notice').filter({ hasText: 'back as set A, as evaluated then' })).toBeVisible();
  expect(evaluations, 'the own-embeddings worker never started').toEqual([]);

  // The stored report was made by another version of the evaluation: evaluated again, to the same
  // numbers, and the new report is what the next visit shows without evaluating.
  await ageStoredEvaluation(page);
  await page.reload();
  await expect(time).toHaveAttribute('data-reused', 'false');
  await expect(time).toContainText('evaluated again (the evaluation has changed');
  await expectTiles(page, m);
  expect(evaluations).toHaveLength(1);
  await expect(page.getByTestId('own-embeddings-remembered')).toHaveText(/^Remembered/);
  evaluations.length = 0;
  await page.reload();
  await expect(time).toHaveAttribute('data-reused', 'true');
  await expectTiles(page, m);
  expect(evaluations).toEqual([]);
});

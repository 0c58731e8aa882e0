import { describe, expect, it } from 'vitest';
import { britishSpellings } from './us-spelling.ts';

describe('britishSpellings', () => {
  it('finds the common British forms', () => {
    expect(
      britishSpellings(
        'Authorise the Organisation; colours, behaviour, analysed, cancelled, labelling, centre, catalogue, acknowledgement, grey',
      ),
    ).toEqual([
      'authorise',
      'organisation',
      'colours',
      'behaviour',
      'analysed',
      'cancelled',
      'labelling',
      'centre',
      'catalogue',
      'acknowledgement',
      'grey',
    ]);
  });

  it('leaves US words alike in both alone', () => {
    expect(
      britishSpellings(
        'Authorize the organization: color, canceled, analyzed, organism, specialist, optimistic, realistic, finalist, criticism, emphasis, advise, otherwise, hours, your, source',
      ),
    ).toEqual([]);
  });

  it('skips paths, keys, placeholders and codes', () => {
    expect(
      britishSpellings('POST /api/controllers/{id}/authorise returns organisation.id and {{organisation}} CANCELLED'),
    ).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { segmentUrls } from './downloads';

describe('offline downloads', () => {
  it('lists the segments a static manifest names, with its repeats', () => {
    const mpd = `<MPD><Period><AdaptationSet><Representation>
      <SegmentTemplate timescale="44100" initialization="init.mp4" media="seg_$Number%04d$.m4s" startNumber="1">
        <SegmentTimeline><S t="0" d="265216"/><S t="265216" d="264192" r="2"/><S t="1057792" d="120000"/></SegmentTimeline>
      </SegmentTemplate></Representation></AdaptationSet></Period></MPD>`;
    expect(segmentUrls('/media/packaged/book-1/x/full/manifest.mpd', mpd)).toEqual([
      '/media/packaged/book-1/x/full/init.mp4',
      '/media/packaged/book-1/x/full/seg_0001.m4s',
      '/media/packaged/book-1/x/full/seg_0002.m4s',
      '/media/packaged/book-1/x/full/seg_0003.m4s',
      '/media/packaged/book-1/x/full/seg_0004.m4s',
      '/media/packaged/book-1/x/full/seg_0005.m4s',
    ]);
  });
});

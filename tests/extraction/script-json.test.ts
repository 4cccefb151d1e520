// The JSON a page carries in a `<script id="…">`, found by a bounded scan instead of an HTML parser.
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { scriptJson, scriptText } from '../../shared/extraction/script-json.ts';

describe('a script by its id', () => {
  it('is the text of the script with that id, whatever the attribute order and quotes', () => {
    const page = `<script>var a = 1;</script><script id="data-deferred-state-00">{"no":1}</script>
      <SCRIPT type="application/json" id='data-deferred-state-0'>{"yes":"a <\\/script> in a string"}</SCRIPT>`;
    expect(scriptJson('rental', page, 'data-deferred-state-0', 'the listing page')).toEqual({
      yes: 'a </script> in a string',
    });
  });

  it('ends at the first end tag, as a browser reads it, and is absent without one', () => {
    expect(scriptText('<script id=s>{"a":1}</script><script>x</script>', 's')).toBe('{"a":1}');
    expect(scriptText('<script id="s">{"a":1}', 's')).toBeUndefined();
  });

  it('is the extraction error when the page has no such script or its text is no JSON', () => {
    expect(() => scriptJson('rental', '<script id="other">{}</script>', 's', 'the page')).toThrow(
      ExtractionError,
    );
    expect(() => scriptJson('rental', '<script id="s">{oops</script>', 's', 'the page')).toThrow(
      ExtractionError,
    );
  });
});

import { mn } from '@nomsan/contracts/messages';
import { CopyButton, adminButton } from './ui';

const t = mn.admin.recovery;

/** Saves `text` as a file the browser downloads (no request: the codes never leave the page). */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Ten recovery codes, shown once (the API keeps only their hashes): to copy or download as a
 * text file, and a clear button for when they are saved.
 */
export function RecoveryCodes({
  codes,
  login,
  doneLabel,
  onDone,
}: {
  codes: readonly string[];
  login: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const file = [t.fileHeader(login), '', ...codes, ''].join('\n');
  return (
    <div>
      <p className="text-sm text-muted">{t.lead}</p>
      <ol
        aria-label={t.list}
        className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-line bg-surface p-4 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code, index) => (
          <li key={code} className="flex gap-2 tabular-nums">
            <span aria-hidden="true" className="w-5 text-right text-muted">
              {index + 1}.
            </span>
            <span className="select-all">{code}</span>
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label={t.copy} />
        <button type="button" onClick={() => download(t.fileName, file)} className={adminButton('secondary', 'sm')}>
          {t.download}
        </button>
      </div>
      <button type="button" onClick={onDone} className={adminButton('primary', 'md', 'mt-5 w-full sm:w-auto')}>
        {doneLabel}
      </button>
    </div>
  );
}

import { Fragment } from 'react';

const URL_RE = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its http(s) addresses as links (an e-mail body: reset and tracking links). */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(URL_RE);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
            key={i}
            href={part}
            target="_blank"
            rel="noreferrer noopener"
            className="break-all text-indigo-700 underline dark:text-indigo-300"
          >
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

import { Fragment } from 'react';

/** An e-mail address that wraps after its '@' and before its dots rather than mid-word. */
export function BreakableAddress({ address }: { address: string }) {
  return address.split(/(?=\.)|(?<=@)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

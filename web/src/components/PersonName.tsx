import { useId } from 'react';
import './person-name.css';

export interface PersonNameProps {
  /** How people read them: their name, or their e-mail when they have none. */
  name: string;
  email?: string | null;
}

/**
 * A person by one name (issue 61): the name, with the e-mail in a tooltip that hover and keyboard focus open (CSS
 * alone: a long table has thousands of these). Without a separate e-mail, the text alone.
 */
export function PersonName({ name, email }: PersonNameProps) {
  const id = useId();
  if (!email || email === name) return <>{name}</>;
  return (
    <span className="person-name" tabIndex={0} aria-describedby={id}>
      {name}
      <span className="person-name-email" role="tooltip" id={id}>
        {email}
      </span>
    </span>
  );
}

/**
 * On the school link's page (/escola/?token=…): when the child has a daily card marked at school,
 * a link to it (/escola/cartao/), first on the page. Nothing when there is none.
 */
import { useEffect, useState } from 'react';
import { loadSchoolCard } from '../../lib/school-card.ts';

export default function CardLink() {
  const [link, setLink] = useState<{ href: string; name: string } | null>(null);
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) return;
    loadSchoolCard(token)
      .then((card) => {
        if (card.targets.length)
          setLink({ href: `/escola/cartao/?token=${encodeURIComponent(token)}`, name: card.childFirstName });
      })
      .catch(() => undefined);
  }, []);
  if (!link) return null;
  return (
    <p className="school-card-link">
      <a className="btn btn-primary btn-block" href={link.href}>
        Marcar o cartão do dia de {link.name}
      </a>
    </p>
  );
}

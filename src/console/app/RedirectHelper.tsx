import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** /redirect/{path*}: hidden helper that (re)loads the target path, query kept. */
export function RedirectHelper(): null {
  const navigate = useNavigate();
  const { search } = useLocation();
  const rest = useParams()['*'] ?? '';
  useEffect(() => {
    navigate('/' + rest + search, { replace: true });
  }, [navigate, rest, search]);
  return null;
}

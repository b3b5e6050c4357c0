/**
 * The router the shell and the portal share (one history, one context): the only way the apps' code reaches
 * react-router. It is a Module Federation singleton, and a shared module keeps every export it has: shared
 * as the whole react-router-dom, it put about 53 KB (brotli) of data routers, server rendering and cookie
 * parsing on the portal's first route. Shared as this list, the build keeps only what the list needs. A
 * router API the apps start to use is added here.
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-dom';

// An async boundary before anything shared is used: Module Federation negotiates the shared singletons first.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');

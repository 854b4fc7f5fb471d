export { Button, type ButtonProps, buttonClass, LinkButton } from './button';
export { cn } from './cn';
export { Card, Page, PageHeader } from './page';
export { Spinner } from './spinner';
export { StatusPage } from './status-page';

import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { loginRequestSchema, signupFormSchema } from '@/shared/auth-schemas';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { ApiError } from '@/web/lib/api-client';
import { type AuthTab, useAuth } from '@/web/lib/auth-session';
import { AutoLoginError, useSignIn } from './sign-in';
import { cn } from '@/web/lib/utils';

/** The server's `detail` when it sent one, else SPEC 8's fallback text. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverDetail ? error.serverDetail : fallback;
}

const emptyLogin = { email: '', password: '' };
const emptySignup = { username: '', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/**
 * SPEC 2 Auth dialog, rendered once by the layout and opened from anywhere with useAuth().openAuthDialog(tab).
 * Both forms check every field on submit and show each field's error under it (SPEC 5); success closes the
 * dialog and clears the form; closing it any other way resets both forms and their errors (SPEC 4).
 */
export function AuthDialog() {
  const { dialog, setAuthDialogOpen, openAuthDialog } = useAuth();
  const { login, signup } = useSignIn();
  const [showLoginPassword, setShowLoginPassword] = useState(false);
  const [showSignupPassword, setShowSignupPassword] = useState(false);

  const loginForm = useForm({ resolver: zodResolver(loginRequestSchema), defaultValues: emptyLogin });
  const signupForm = useForm({ resolver: zodResolver(signupFormSchema), defaultValues: emptySignup });

  const resetAll = () => {
    loginForm.reset(emptyLogin);
    signupForm.reset(emptySignup);
    setShowLoginPassword(false);
    setShowSignupPassword(false);
  };

  const onOpenChange = (open: boolean) => {
    if (!open) resetAll();
    setAuthDialogOpen(open);
  };

  const close = () => {
    resetAll();
    setAuthDialogOpen(false);
  };

  const onLogin = loginForm.handleSubmit(async (values) => {
    try {
      await login(values.email, values.password);
    } catch (error) {
      toast.error('Login Failed', { description: failureText(error, 'Login failed') });
      return;
    }
    toast.success('Welcome back!', { description: 'You have been successfully logged in.' });
    close();
  });

  const onSignup = signupForm.handleSubmit(async (values) => {
    try {
      await signup(values);
    } catch (error) {
      if (error instanceof AutoLoginError) {
        // The account exists; only the automatic sign-in failed. Offer the Sign In tab with the email filled in.
        toast.error('Login Failed', { description: failureText(error.cause, 'Login failed') });
        signupForm.reset(emptySignup);
        loginForm.reset({ email: values.email, password: '' });
        openAuthDialog('signin');
        return;
      }
      toast.error('Signup Failed', { description: failureText(error, 'Signup failed') });
      return;
    }
    toast.success('Account Created!', { description: 'Your account has been created successfully.' });
    close();
  });

  const loginErrors = loginForm.formState.errors;
  const signupErrors = signupForm.formState.errors;
  const loginBusy = loginForm.formState.isSubmitting;
  const signupBusy = signupForm.formState.isSubmitting;

  return (
    <Dialog open={dialog.open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-md">
        <DialogHeader className="items-center pr-0 text-center sm:text-center">
          <span className="grid size-11 place-items-center rounded-xl bg-primary text-xl font-bold text-primary-foreground" aria-hidden>
            ₹
          </span>
          <DialogTitle className="text-xl">Welcome to Bachat</DialogTitle>
          <DialogDescription>Sign in to save your favorite products and set price alerts</DialogDescription>
        </DialogHeader>

        <Tabs value={dialog.tab} onValueChange={(tab) => openAuthDialog(tab as AuthTab)} className="gap-4">
          <TabsList className="grid h-10 w-full grid-cols-2">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Create Account</TabsTrigger>
          </TabsList>

          <TabsContent value="signin">
            <form onSubmit={onLogin} noValidate className="grid gap-4" aria-label="Sign In">
              <Field label="Email" error={loginErrors.email}>
                {(props) => (
                  <Input {...props} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...loginForm.register('email')} />
                )}
              </Field>
              <Field label="Password" error={loginErrors.password}>
                {(props) => (
                  <PasswordInput
                    {...props}
                    autoComplete="current-password"
                    placeholder="Your password"
                    shown={showLoginPassword}
                    onToggle={() => setShowLoginPassword((shown) => !shown)}
                    {...loginForm.register('password')}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" className="mt-1 w-full" disabled={loginBusy}>
                {loginBusy ? 'Signing in...' : 'Sign In'}
              </Button>
              <p className="text-center text-sm text-muted-foreground">
                New to Bachat?{' '}
                <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={() => openAuthDialog('signup')}>
                  Create an account
                </button>
              </p>
            </form>
          </TabsContent>

          <TabsContent value="signup">
            <form onSubmit={onSignup} noValidate className="grid gap-4" aria-label="Create Account">
              <Field label="Username" error={signupErrors.username}>
                {(props) => <Input {...props} autoComplete="username" placeholder="priya_s" {...signupForm.register('username')} />}
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="First Name" error={signupErrors.firstName}>
                  {(props) => <Input {...props} autoComplete="given-name" placeholder="Priya" {...signupForm.register('firstName')} />}
                </Field>
                <Field label="Last Name" error={signupErrors.lastName}>
                  {(props) => <Input {...props} autoComplete="family-name" placeholder="Sharma" {...signupForm.register('lastName')} />}
                </Field>
              </div>
              <Field label="Email" error={signupErrors.email}>
                {(props) => (
                  <Input {...props} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...signupForm.register('email')} />
                )}
              </Field>
              <Field label="Password" error={signupErrors.password}>
                {(props) => (
                  <PasswordInput
                    {...props}
                    autoComplete="new-password"
                    placeholder="At least 6 characters"
                    shown={showSignupPassword}
                    onToggle={() => setShowSignupPassword((shown) => !shown)}
                    {...signupForm.register('password')}
                  />
                )}
              </Field>
              <Field label="Confirm Password" error={signupErrors.confirmPassword}>
                {(props) => (
                  <Input
                    {...props}
                    type={showSignupPassword ? 'text' : 'password'}
                    autoComplete="new-password"
                    placeholder="Type it again"
                    {...signupForm.register('confirmPassword')}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" className="mt-1 w-full" disabled={signupBusy}>
                {signupBusy ? 'Creating account...' : 'Create Account'}
              </Button>
            </form>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/** Label, control and the field's error under it, wired for screen readers. */
function Field({ label, error, children }: { label: string; error: FieldError | undefined; children: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error?.message && (
        <p id={errorId} className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

type PasswordInputProps = Omit<ComponentProps<typeof Input>, 'type'> & { shown: boolean; onToggle: () => void };

function PasswordInput({ shown, onToggle, className, ...props }: PasswordInputProps) {
  return (
    <div className="relative">
      <Input {...props} type={shown ? 'text' : 'password'} className={cn('pr-10', className)} />
      <button
        type="button"
        onClick={onToggle}
        aria-label={shown ? 'Hide password' : 'Show password'}
        className="absolute inset-y-0 right-0 grid w-10 place-items-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@agroselo/contracts';
import { renderWithProviders } from '../../test/render';
import { NewPasswordFields, type NewPasswordFieldsProps } from './new-password-fields';

interface Values {
  new_password: string;
  confirm_password: string;
}

function Form({
  onSubmit,
  ...labels
}: Pick<NewPasswordFieldsProps, 'label' | 'confirmLabel' | 'confirmDescription'> & {
  onSubmit: (values: Values) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { new_password: '', confirm_password: '' } });
  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
      <NewPasswordFields
        password={register('new_password', { required: 'Informe a nova senha' })}
        confirm={register('confirm_password', {
          validate: (value, values) =>
            value === values.new_password || 'As senhas não correspondem',
        })}
        passwordError={errors.new_password?.message}
        confirmError={errors.confirm_password?.message}
        {...labels}
      />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('NewPasswordFields', () => {
  it('labels a replacement password, shows the policy hint and binds both inputs to the form', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Form onSubmit={onSubmit} />);
    const password = screen.getByLabelText(/^Nova senha/);
    const confirm = screen.getByLabelText(/^Confirmar nova senha/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toBeRequired();
    expect(confirm).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription(messages.password.hint);
    // Below the input: two fields side by side stay level whatever the length of each hint.
    expect(
      password.compareDocumentPosition(screen.getByText(messages.password.hint)) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    await userEvent.type(password, 'segredo123');
    await userEvent.type(confirm, 'segredo124');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('As senhas não correspondem')).toBeInTheDocument();
    expect(confirm).toHaveAccessibleDescription('As senhas não correspondem');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'segredo123');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { new_password: 'segredo123', confirm_password: 'segredo123' },
        expect.anything(),
      ),
    );
  });

  it('takes the sign-up labels and a description for the confirmation', () => {
    renderWithProviders(
      <Form
        onSubmit={vi.fn()}
        label="Senha"
        confirmLabel="Confirmar senha"
        confirmDescription="Digite a senha novamente"
      />,
    );
    expect(screen.getByLabelText(/^Senha/)).toHaveAccessibleDescription(messages.password.hint);
    expect(screen.getByLabelText(/^Confirmar senha/)).toHaveAccessibleDescription(
      'Digite a senha novamente',
    );
  });

  it('shows or hides each password with its own toggle', async () => {
    renderWithProviders(<Form onSubmit={vi.fn()} />);
    const password = screen.getByLabelText(/^Nova senha/);
    const confirm = screen.getByLabelText(/^Confirmar nova senha/);
    const [first] = screen
      .getAllByRole('button', { hidden: true })
      .filter((button) => button.closest('.mantine-PasswordInput-root'));
    await userEvent.click(first!);
    expect(password).toHaveAttribute('type', 'text');
    expect(confirm).toHaveAttribute('type', 'password');
  });
});

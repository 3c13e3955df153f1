import { Modal, message } from 'antd';

/**
 * The one notice helper (doc 1 §8): success popups titled 'Hooray !' (or 'Woohoo!'), failures
 * titled 'Oops' with a 'Try Again!' button, and toasts.
 */
export const notice = {
  success(text: string, title: 'Hooray !' | 'Woohoo!' = 'Hooray !') {
    Modal.success({ title, content: text, okText: 'OK' });
  },
  failure(text: string) {
    Modal.error({ title: 'Oops', content: text, okText: 'Try Again!' });
  },
  toastSuccess(text: string) {
    void message.success(text);
  },
  toastError(text: string) {
    void message.error(text);
  },
};

import type { CartonRow } from '@portal/contracts/inventory/inventory.views';
import { Form, Radio, Select } from 'antd';
import { useEffect, useMemo } from 'react';

/** The transfer option (doc 1 §4): 1 = IMEIs (devicestatus 1), 2 = cartons (devicestatus 0). */
export const PICK_BY = { IMEIS: 1, CARTONS: 2 } as const;
export type PickBy = (typeof PICK_BY)[keyof typeof PICK_BY];

/** The form values of the devices an Assign or Transfer drawer moves. */
export interface DevicePick {
  option?: PickBy;
  carton_number?: string[];
  imei?: string[];
}

/** What the command is sent: devicestatus, the cartons, and the IMEIs moved (every IMEI of the cartons when moving whole cartons). */
export function pickedDevices(values: DevicePick, cartons: readonly CartonRow[]): { devicestatus: 0 | 1; carton_number: string[]; imei: string[] } {
  const chosen = values.carton_number ?? [];
  if (values.option === PICK_BY.IMEIS) return { devicestatus: 1, carton_number: chosen, imei: values.imei ?? [] };
  const imei = cartons.filter((carton) => chosen.includes(carton.carton_number)).flatMap((carton) => carton.imei);
  return { devicestatus: 0, carton_number: chosen, imei };
}

/**
 * The option, cartons and IMEIs of the Assign and Transfer drawers (doc 1 §5): option required
 * ('Please select option'), cartons required ('Please select cartons'), and in IMEI mode the IMEIs
 * of the chosen cartons ('Please select IMEIs'). `cartons` are the rows selected in the table.
 */
export default function DevicePickFields({ cartons }: { cartons: readonly CartonRow[] }) {
  const form = Form.useFormInstance<DevicePick>();
  const option = Form.useWatch('option', form);
  const chosen = Form.useWatch('carton_number', form);
  const imeis = useMemo(() => cartons.filter((carton) => (chosen ?? []).includes(carton.carton_number)).flatMap((carton) => carton.imei), [cartons, chosen]);

  // IMEIs of a carton taken out of the list are no longer on offer.
  useEffect(() => {
    const picked = form.getFieldValue('imei') as string[] | undefined;
    if (picked && picked.some((imei) => !imeis.includes(imei))) form.setFieldValue('imei', picked.filter((imei) => imeis.includes(imei)));
  }, [imeis, form]);

  return (
    <>
      <Form.Item name="option" label="Option" rules={[{ required: true, message: 'Please select option' }]}>
        <Radio.Group
          options={[
            { value: PICK_BY.CARTONS, label: 'Cartons' },
            { value: PICK_BY.IMEIS, label: 'IMEIs' },
          ]}
        />
      </Form.Item>
      <Form.Item name="carton_number" label="Cartons" rules={[{ required: true, type: 'array', min: 1, message: 'Please select cartons' }]}>
        <Select mode="multiple" allowClear placeholder="Cartons" options={cartons.map((carton) => ({ value: carton.carton_number, label: `${carton.carton_number} (${carton.imei_count})` }))} />
      </Form.Item>
      {option === PICK_BY.IMEIS && (
        <Form.Item name="imei" label="IMEIs" rules={[{ required: true, type: 'array', min: 1, message: 'Please select IMEIs' }]}>
          <Select mode="multiple" allowClear placeholder="IMEIs" options={imeis.map((imei) => ({ value: imei, label: imei }))} />
        </Form.Item>
      )}
    </>
  );
}

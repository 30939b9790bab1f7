import { type KeyPointsAnswer, routeByName } from '@sunstack/shared';
import { Button, Card, Col, Descriptions, Flex, InputNumber, message, Row, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Result } from '../../../components/Result.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useCurveDetail } from '../api/curveDetail.ts';
import { useRecordCleaning } from '../api/recordCleaning.ts';
import { CauseTag } from '../components/CauseTag.tsx';
import { IvChart } from '../components/IvChart.tsx';

const KEY_POINTS = ['isc', 'voc', 'imp', 'vmp', 'pmax', 'fillFactor'] as const;
const UNIT: Record<(typeof KEY_POINTS)[number], string> = { isc: 'A', voc: 'V', imp: 'A', vmp: 'V', pmax: 'W', fillFactor: '' };

const figure = (points: KeyPointsAnswer | null, key: (typeof KEY_POINTS)[number]) =>
  points ? `${formatNumber(points[key], key === 'fillFactor' ? 3 : key === 'pmax' ? 0 : 2)} ${UNIT[key]}`.trim() : '–';

/**
 * IV curve detail (spec /bus/plantMaintain/curveDetail, hidden, 255): a string's I-V and P-V curves against the
 * expected ones, key points, the diagnosis with its advice, the string's earlier scans and its neighbours.
 */
export default function CurveDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { query } = useTab();
  const scanId = Number(query.scan) || undefined;
  const string = Number(query.string) || undefined;
  const [count, setCount] = useState(3);
  const detail = useCurveDetail(scanId && string ? { scanId, string, count } : undefined);
  const clean = useRecordCleaning();
  useTabBusy(detail.isFetching);

  if (!scanId || !string || detail.error instanceof ApiError) return <Result status="404" title={t('diagnostics.curveNotFound')} />;
  if (detail.isError) return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  if (!detail.data) return <Skeleton active />;
  const curve = detail.data;
  const rows = [
    { key: 'measured', name: t('diagnostics.measured'), points: curve.keyPoints },
    { key: 'expected', name: t('diagnostics.expected'), points: curve.expectedKeyPoints },
    ...curve.earlier.map((row) => ({
      key: `e${row.scanId}`,
      name: formatDateTime(row.at, i18n.language, curve.timeZone),
      points: row.keyPoints,
    })),
    ...curve.neighbours.map((row) => ({
      key: `n${row.string}`,
      name: t('diagnostics.stringNumber', { n: row.string }),
      points: row.keyPoints,
    })),
  ];

  return (
    <Card
      variant="borderless"
      title={`${curve.sn} · ${t('diagnostics.stringNumber', { n: curve.string })}`}
      extra={
        <Flex gap={8} wrap>
          <Button
            loading={clean.isPending}
            onClick={() =>
              clean
                .mutateAsync({ sn: curve.sn, string: curve.string })
                .then(() => void message.success(t('diagnostics.cleaningRecorded')))
                .catch(() => {})
            }
          >
            {t('diagnostics.recordCleaning')}
          </Button>
          <Button onClick={() => navigate(routeByName('curve').path)}>{t('diagnostics.backToTasks')}</Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'plant', label: t('diagnostics.plant'), children: curve.plantName },
            { key: 'at', label: t('diagnostics.scannedAt'), children: formatDateTime(curve.at, i18n.language, curve.timeZone) },
            {
              key: 'conditions',
              label: t('diagnostics.conditions'),
              children:
                curve.irradiance === null
                  ? t('diagnostics.noConditions')
                  : `${formatNumber(curve.irradiance, 0)} W/m² · ${formatNumber(curve.temperature, 1)} °C`,
            },
            { key: 'cause', label: t('diagnostics.cause.label'), children: <CauseTag cause={curve.cause} /> },
            { key: 'advice', label: t('diagnostics.adviceColumn'), children: t(`diagnostics.advice.${curve.cause}`), span: 2 },
            {
              key: 'cleaned',
              label: t('diagnostics.cleanedSince'),
              children:
                curve.cleanedAt === null ? t('diagnostics.notCleaned') : formatDateTime(curve.cleanedAt, i18n.language, curve.timeZone),
            },
          ]}
        />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Typography.Title level={5}>{t('diagnostics.ivCurve')}</Typography.Title>
            <IvChart detail={curve} kind="iv" />
          </Col>
          <Col xs={24} xl={12}>
            <Typography.Title level={5}>{t('diagnostics.pvCurve')}</Typography.Title>
            <IvChart detail={curve} kind="pv" />
          </Col>
        </Row>
        <Flex gap={8} align="center">
          <Typography.Text>{t('diagnostics.compareCount')}</Typography.Text>
          <InputNumber
            min={1}
            max={10}
            precision={0}
            value={count}
            onChange={(value) => value && setCount(value)}
            aria-label={t('diagnostics.compareCount')}
          />
        </Flex>
        <Table
          rowKey="key"
          size="small"
          pagination={false}
          scroll={{ x: 700 }}
          dataSource={rows}
          columns={[
            { title: t('diagnostics.curve'), dataIndex: 'name', width: 180 },
            ...KEY_POINTS.map((key) => ({
              title: t(`diagnostics.${key}`),
              key,
              render: (_: unknown, row: (typeof rows)[number]) => figure(row.points, key),
            })),
          ]}
        />
      </Flex>
    </Card>
  );
}

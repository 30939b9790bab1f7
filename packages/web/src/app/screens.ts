import type { ComponentType } from 'react';
import type { ScreenName } from '../lib/screens.ts';
import { lazyScreen } from './lazyScreen.ts';

const ErrorPage = lazyScreen(() => import('../features/errors/routes/ErrorPage.tsx'));
const DownloadPage = lazyScreen(() => import('../features/download/routes/DownloadPage.tsx'));
const DeviceListPage = lazyScreen(() => import('../features/device/routes/DeviceListPage.tsx'));
const DeviceDetailPage = lazyScreen(() => import('../features/device/routes/DeviceDetailPage.tsx'));
const DeviceViewPage = lazyScreen(() => import('../features/device/routes/DeviceViewPage.tsx'));
const DataReportPage = lazyScreen(() => import('../features/report/routes/DataReportPage.tsx'));
const DeviceLogPage = lazyScreen(() => import('../features/diagnostics/routes/DeviceLogPage.tsx'));

/** The component of each screen that exists (lib/screens.ts names them), loaded when first opened. */
const SCREENS: Record<ScreenName, ComponentType> = {
  login: lazyScreen(() => import('../features/auth/routes/LoginPage.tsx')),
  'sign-up': lazyScreen(() => import('../features/auth/routes/SignUpPage.tsx')),
  'error-403': ErrorPage,
  'error-5xx': ErrorPage,
  'error-404': ErrorPage,
  'error-no-permissions': ErrorPage,
  'app-download': DownloadPage,
  'manual-download': DownloadPage,
  index: lazyScreen(() => import('../features/home/routes/HomePage.tsx')),
  'data-view': lazyScreen(() => import('../features/home/routes/BoardPage.tsx')),
  'user-center': lazyScreen(() => import('../features/account/routes/UserCenterPage.tsx')),
  plant: lazyScreen(() => import('../features/plant/routes/PlantListPage.tsx')),
  'plant-add': lazyScreen(() => import('../features/plant/routes/PlantAddPage.tsx')),
  'plant-view': lazyScreen(() => import('../features/plant/routes/PlantViewPage.tsx')),
  'plant-detail': lazyScreen(() => import('../features/plant/routes/PlantDetailPage.tsx')),
  'plant-edit': lazyScreen(() => import('../features/plant/routes/PlantEditPage.tsx')),
  'plant-link-sn': lazyScreen(() => import('../features/plant/routes/LinkSnPage.tsx')),
  'parallel-system': lazyScreen(() => import('../features/plant/routes/ParallelSystemPage.tsx')),
  'pile-edit': lazyScreen(() => import('../features/plant/routes/PileEditPage.tsx')),
  'plant-map': lazyScreen(() => import('../features/plant/routes/PlantMapPage.tsx')),
  device: DeviceListPage,
  'device-module': lazyScreen(() => import('../features/datalogger/routes/DataloggerPage.tsx')),
  'integrator-device-list': DeviceListPage,
  'integrator-inverter': DeviceListPage,
  'inverter-detail': DeviceDetailPage,
  'integrator-inverter-detail': DeviceDetailPage,
  'device-inverter': DeviceListPage,
  'device-battery': lazyScreen(() => import('../features/device/routes/BatteryPage.tsx')),
  'device-meter': DeviceViewPage,
  'device-ev-charger': DeviceListPage,
  'device-heat-pump': DeviceListPage,
  'device-ems': DeviceViewPage,
  'device-gateway': DeviceListPage,
  'remote-setting': lazyScreen(() => import('../features/command/routes/RemoteSettingPage.tsx')),
  'work-model': lazyScreen(() => import('../features/command/routes/WorkModePage.tsx')),
  template: lazyScreen(() => import('../features/command/routes/TemplatePage.tsx')),
  curve: lazyScreen(() => import('../features/diagnostics/routes/CurvePage.tsx')),
  'curve-diagnosis': lazyScreen(() => import('../features/diagnostics/routes/CurveDiagnosisPage.tsx')),
  'curve-detail': lazyScreen(() => import('../features/diagnostics/routes/CurveDetailPage.tsx')),
  'battery-log': DeviceLogPage,
  'test-log': DeviceLogPage,
  'module-log': DeviceLogPage,
  'dsp-log': DeviceLogPage,
  'group-remote': lazyScreen(() => import('../features/command/routes/GroupRemotePage.tsx')),
  'data-authorisation': lazyScreen(() => import('../features/device/routes/DataAuthorisationPage.tsx')),
  'log-audit': lazyScreen(() => import('../features/audit/routes/OperationLogPage.tsx')),
  'power-info': lazyScreen(() => import('../features/powerInfo/routes/PowerInfoPage.tsx')),
  'user-management': lazyScreen(() => import('../features/userManagement/routes/UserManagementPage.tsx')),
  distributor: lazyScreen(() => import('../features/distributor/routes/DistributorPage.tsx')),
  agent: lazyScreen(() => import('../features/distributor/routes/AgentPage.tsx')),
  'group-management': lazyScreen(() => import('../features/group/routes/GroupPage.tsx')),
  invitation: lazyScreen(() => import('../features/invitation/routes/InvitationPage.tsx')),
  'api-key': lazyScreen(() => import('../features/apiKey/routes/ApiKeyPage.tsx')),
  alarm: lazyScreen(() => import('../features/alarm/routes/AlarmPage.tsx')),
  'integrator-alarm': lazyScreen(() => import('../features/alarm/routes/AlarmPage.tsx')),
  'fault-record': lazyScreen(() => import('../features/alarm/routes/FaultRecordPage.tsx')),
  'data-report': DataReportPage,
  'integrator-data-report': DataReportPage,
  'report-export': lazyScreen(() => import('../features/report/routes/ReportExportPage.tsx')),
  'report-generate': lazyScreen(() => import('../features/report/routes/ReportGeneratePage.tsx')),
  trend: lazyScreen(() => import('../features/report/routes/TrendPage.tsx')),
  devops: lazyScreen(() => import('../features/report/routes/DevopsPage.tsx')),
  'work-order-list': lazyScreen(() => import('../features/workOrder/routes/WorkOrderListPage.tsx')),
  'work-order-create': lazyScreen(() => import('../features/workOrder/routes/WorkOrderCreatePage.tsx')),
  'work-order-detail': lazyScreen(() => import('../features/workOrder/routes/WorkOrderDetailPage.tsx')),
  'file-management': lazyScreen(() => import('../features/fileManagement/routes/FileManagementPage.tsx')),
  firmware: lazyScreen(() => import('../features/firmware/routes/FirmwarePage.tsx')),
  'inverter-upgrade': lazyScreen(() => import('../features/firmware/routes/UpgradePage.tsx')),
  'module-upgrade': lazyScreen(() => import('../features/firmware/routes/ModuleUpgradePage.tsx')),
  'module-upgrade-agent': lazyScreen(() => import('../features/firmware/routes/ModuleUpgradePage.tsx')),
  'black-set': lazyScreen(() => import('../features/firmware/routes/BlacklistPage.tsx')),
  'upgrade-reset': lazyScreen(() => import('../features/firmware/routes/UpgradeResetPage.tsx')),
};

/** The component of a screen by route name, or undefined when no such screen exists. */
export const screenOf = (name: string): ComponentType | undefined => (SCREENS as Record<string, ComponentType>)[name];

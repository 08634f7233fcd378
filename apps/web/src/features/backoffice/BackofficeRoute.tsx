import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../../ui/PageLoader';
import { NotFound } from '../../ui/NotFound';
import { BackofficeLayout } from './BackofficeLayout';
import { EnrolmentScreen } from './EnrolmentScreen';
import { AccountScreen } from './screens/AccountScreen';
import { ApprovalDetailScreen } from './screens/ApprovalDetailScreen';
import { ApprovalsScreen } from './screens/ApprovalsScreen';
import { AuditScreen } from './screens/AuditScreen';
import { ClientCardScreen } from './screens/ClientCardScreen';
import { ClientsScreen } from './screens/ClientsScreen';
import { ContactMessagesScreen } from './screens/ContactMessagesScreen';
import { CryptoDepositScreen } from './screens/CryptoDepositScreen';
import { DashboardScreen } from './screens/DashboardScreen';
import { DepositLiabilityScreen } from './screens/DepositLiabilityScreen';
import { DepositRatesScreen } from './screens/DepositRatesScreen';
import { HighRiskFeeScreen } from './screens/HighRiskFeeScreen';
import { IncomingPaymentScreen } from './screens/IncomingPaymentScreen';
import { KycDetailScreen } from './screens/KycDetailScreen';
import { KycQueueScreen } from './screens/KycQueueScreen';
import { OperatorsScreen } from './screens/OperatorsScreen';
import { PaymentDetailScreen } from './screens/PaymentDetailScreen';
import { PaymentsQueueScreen } from './screens/PaymentsQueueScreen';
import { RatesScreen } from './screens/RatesScreen';
import { SignInScreen } from './SignInScreen';
import { useOperatorSession } from './session';
import './backoffice.css';

/**
 * /backoffice/*: the bank's operators' side of the app, a lazy chunk of its own. Without an
 * operator session every screen but sign-in and an invitation's enrolment page sends the operator
 * to /backoffice/login.
 */
export function Component() {
  // Field errors come from the validation namespace; load it with the screens' own texts.
  useTranslation(['backoffice', 'validation']);
  const session = useOperatorSession();
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="login" element={session ? <Navigate to="/backoffice" replace /> : <SignInScreen />} />
        <Route path="enrol/:token" element={<EnrolmentScreen />} />
        <Route element={session ? <BackofficeLayout session={session} /> : <Navigate to="/backoffice/login" replace />}>
          <Route index element={<DashboardScreen />} />
          <Route path="approvals" element={<ApprovalsScreen />} />
          <Route path="approvals/:approvalId" element={<ApprovalDetailScreen />} />
          <Route path="kyc" element={<KycQueueScreen />} />
          <Route path="kyc/:kycId" element={<KycDetailScreen />} />
          <Route path="payments" element={<PaymentsQueueScreen />} />
          <Route path="payments/:transactionNumber" element={<PaymentDetailScreen />} />
          <Route path="incoming" element={<IncomingPaymentScreen />} />
          <Route path="crypto-deposit" element={<CryptoDepositScreen />} />
          <Route path="rates" element={<RatesScreen />} />
          <Route path="deposits/rates" element={<DepositRatesScreen />} />
          <Route path="fees/high-risk" element={<HighRiskFeeScreen />} />
          <Route path="deposits/liability" element={<DepositLiabilityScreen />} />
          <Route path="clients" element={<ClientsScreen />} />
          <Route path="clients/:clientId" element={<ClientCardScreen />} />
          <Route path="contact-messages" element={<ContactMessagesScreen />} />
          <Route path="audit" element={<AuditScreen />} />
          <Route path="operators" element={<OperatorsScreen />} />
          <Route path="account" element={<AccountScreen />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

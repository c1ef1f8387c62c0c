using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class SingleEventNoTransactionContract(LabStores stores) : CommitStrategyContract(stores, "SingleEventNoTransaction");

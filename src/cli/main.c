#include <stdio.h>
#include "ompwg.h"
int main(void){ printf("%s\n", ompwg_version_string()); char why[256]; for (int i=0;i<ompwg_backend_count();i++){const char*n; int u=ompwg_backend_info(i,&n,why,sizeof why); printf("%s %d %s\n",n,u,why);} return 0;}

#include <QtWidgets/QWidget>
#include <QLabel>
